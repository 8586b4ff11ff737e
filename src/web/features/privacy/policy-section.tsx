import type { PolicyBlock, PolicySection } from './privacy-policy';
import { PolicyText } from './policy-text';

function Block({ block, email }: { block: PolicyBlock; email: string }) {
  switch (block.kind) {
    case 'p':
      return (
        <p>
          <PolicyText text={block.text} email={email} />
        </p>
      );
    case 'h3':
      return <h3 className="pt-2 text-lg font-semibold text-foreground">{block.text}</h3>;
    case 'list':
      return (
        <ul className="list-disc space-y-2 pl-6 marker:text-primary">
          {block.items.map((item) => (
            <li key={item.text}>
              {item.term && <strong className="font-semibold text-foreground">{item.term}: </strong>}
              <PolicyText text={item.text} email={email} />
            </li>
          ))}
        </ul>
      );
    case 'address':
      return (
        <address className="rounded-[var(--radius-control)] border-l-4 border-primary bg-muted px-4 py-3 not-italic text-foreground">
          {block.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      );
  }
}

export function PolicySectionView({ section, number, email }: { section: PolicySection; number: number; email: string }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
      <h2 id={`${section.id}-title`} className="flex items-baseline gap-3 text-2xl font-bold tracking-tight text-foreground">
        <span aria-hidden="true" className="tabular text-base font-semibold text-accent">
          {String(number).padStart(2, '0')}
        </span>
        <span className="min-w-0">{section.title}</span>
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-foreground/85">
        {section.blocks.map((block, i) => (
          <Block key={i} block={block} email={email} />
        ))}
      </div>
    </section>
  );
}
