import { DOCUMENT_TYPE_INFO, fieldByName } from '../../../domain/application';

const labelOf = (path: string) => fieldByName(path)?.label ?? DOCUMENT_TYPE_INFO.find((d) => `documents.${d.type}` === path)?.title ?? path;

/** Each step says what it still needs (docs/product/application.md#wizard: Continue never blocks, but nothing is a surprise at submit). */
export function StepMissing({ fields }: { fields: Record<string, string> }) {
  const paths = Object.keys(fields);
  if (paths.length === 0) return null;
  return (
    <div className="mt-6 rounded-[var(--radius-control)] border border-dashed border-input bg-muted/60 px-4 py-3 text-sm">
      <p className="font-semibold">Still needed to submit</p>
      <ul className="mt-1 flex flex-wrap gap-x-1 text-muted-foreground">
        {paths.map((path, index) => (
          <li key={path}>
            {path === 'certified' ? 'Certification' : labelOf(path)}
            {index < paths.length - 1 ? ',' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
