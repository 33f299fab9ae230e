import { Fragment, type ReactNode } from 'react';

/** A placeholder's value that <Sentence> replaces with an element: t('… {terms} …', { terms: slot('terms') }). */
export function slot(name: string): string {
  return `\u0000${name}\u0000`;
}

/**
 * A translated sentence with elements (links, <bdi>) where its slots stand, in whatever order the
 * language puts them: one message per sentence, never pieces glued together.
 */
export function Sentence({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  const pieces = text.split(/\u0000(\w+)\u0000/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>{i % 2 === 1 ? (parts[piece] ?? piece) : piece}</Fragment>
      ))}
    </>
  );
}
