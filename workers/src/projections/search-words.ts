/*
 * Keyword search, the same in every store: a document's search text and a query are both cut
 * into words the same way (letters and digits, lower-cased, accents removed), and a query
 * matches a document when each of its words begins some word of the document's text.
 */

/** Longest query a search takes, in words; the rest are ignored. */
export const maxSearchWords = 8;

/** Words of a text: letters and digits, lower-cased, without accents ("Écran" -> "ecran"), unique. */
export function searchWords(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)];
}

/** The word prefixes a query asks for; the longer of two where one begins the other is enough. */
export function queryWords(query: string): string[] {
  const words = searchWords(query);
  return words
    .filter((word) => !words.some((other) => other !== word && other.startsWith(word)))
    .slice(0, maxSearchWords);
}
