import { Fragment } from 'react';

/** Plain text with every occurrence of `email` turned into a mailto link. */
export function PolicyText({ text, email }: { text: string; email: string }) {
  const parts = text.split(email);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <a href={`mailto:${email}`} className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover">
              {email}
            </a>
          )}
        </Fragment>
      ))}
    </>
  );
}
