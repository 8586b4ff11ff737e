import { claimNotes } from './note-ref';
import { container } from './section-heading';

/** The notes every marked claim links to (claimDisclaimers). */
export function DisclosuresSection() {
  return (
    <section aria-labelledby="disclosures-title" className="pb-16 md:pb-20">
      <div className={container}>
        <div className="border-t border-border pt-10">
          <h2 id="disclosures-title" className="text-lg font-semibold">
            Disclosures
          </h2>
          <ol className="mt-4 max-w-4xl space-y-3 text-sm leading-relaxed text-muted-foreground">
            {claimNotes().map((note) => (
              <li key={note.id} id={note.anchor} className="-mx-2 flex scroll-mt-24 gap-3 rounded-md p-2 target:bg-accent-soft target:text-foreground">
                <span className="tabular w-4 shrink-0 font-semibold text-foreground">{note.number}.</span>
                <p>{note.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
