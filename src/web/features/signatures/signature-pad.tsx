import { Eraser } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';

const WIDTH = 600;
const HEIGHT = 180;

/**
 * A drawn signature (docs/decisions/039-addenda-and-envelopes.md): drawn with a mouse, a finger or a pen on a canvas
 * through pointer events; `onChange` gets the drawing as a PNG data URL (undefined once cleared). The typed signature
 * stays the keyboard's way to sign: this pad is the other choice, never the only one.
 */
export function SignaturePad({ onChange, error, describedBy }: { onChange: (image: string | undefined) => void; error?: string; describedBy?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);
  const hintId = useId();

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111827';
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) / box.width) * WIDTH, y: ((event.clientY - box.top) / box.height) * HEIGHT };
  };

  const start = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    // A tap leaves a dot.
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
    drawn.current = true;
  };
  const end = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    drawn.current = true;
    onChange(event.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    drawn.current = false;
    onChange(undefined);
  };

  return (
    <div className="flex flex-col gap-2">
      <p id={hintId} className="text-sm text-muted-foreground">
        Draw your signature in the box with a mouse, a finger or a pen. To sign with the keyboard, choose “Type it” instead.
      </p>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label="Signature drawing area"
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        className={`h-36 w-full touch-none rounded-[var(--radius-control)] border bg-white ${error ? 'border-destructive' : 'border-border'}`}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <Button type="button" variant="outline" size="sm" className="self-start" onClick={clear}>
        <Eraser aria-hidden="true" /> Clear the drawing
      </Button>
    </div>
  );
}
