import { claimDisclaimers } from '../../components/layout/disclaimers';
import type { ClaimNoteId } from './landing-content';
import { brand } from '../../lib/config';

/** The numbered notes of the 'Disclosures' section, in the order of `claimDisclaimers` (read at render: the server renders the landing page too). */
export const claimNotes = () => claimDisclaimers(brand).map((note, i) => ({ ...note, number: i + 1, anchor: `disclosure-${note.id}` }));

/** A superscript note number after a claim, linking to its note at the bottom of the page. */
export function NoteRef({ id }: { id: ClaimNoteId }) {
  const note = claimNotes().find((n) => n.id === id);
  if (!note) return null;
  return (
    <sup className="ml-0.5 text-[0.65em] font-semibold leading-none">
      <a href={`#${note.anchor}`} className="relative inline-block rounded-sm px-0.5 text-inherit underline decoration-1 underline-offset-2 hover:decoration-2">
        <span className="sr-only">Disclosure </span>
        {note.number}
      </a>
    </sup>
  );
}
