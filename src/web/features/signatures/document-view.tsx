import type { DocBlock } from '../../../domain/signatures/envelopes';

/** The document's text as HTML (the same blocks as its PDF): headings, paragraphs, lists and tables. */
export function DocumentView({ blocks, title }: { blocks: readonly DocBlock[]; title: string }) {
  return (
    <article aria-label={title} className="flex flex-col gap-3 text-[0.9375rem] leading-relaxed">
      {blocks.map((block, i) => {
        if ('heading' in block)
          return (
            <h2 key={i} className="mt-3 text-lg font-semibold text-foreground">
              {block.heading}
            </h2>
          );
        if ('text' in block) return <p key={i}>{block.text}</p>;
        if ('list' in block)
          return (
            <ul key={i} className="ml-5 list-disc space-y-1">
              {block.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        return (
          <div key={i} className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr>
                  {block.table.columns.map((column) => (
                    <th key={column} scope="col" className="border-b border-border py-1.5 pr-3 text-left font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.table.rows.map((row) => (
                  <tr key={row.join('|')}>
                    {row.map((cell, c) =>
                      c === 0 ? (
                        <th key={c} scope="row" className="border-b border-border py-1.5 pr-3 text-left font-normal">
                          {cell}
                        </th>
                      ) : (
                        <td key={c} className="border-b border-border py-1.5 pr-3 [overflow-wrap:anywhere]">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </article>
  );
}
