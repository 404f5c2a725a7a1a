/**
 * The text of a PDF the server made, as a reader would see it, through unpdf (PDF.js): a JS library, so
 * the tests need no system binary. Runs of whitespace are one space: the layout
 * breaks lines where it must.
 */
import { extractText, getDocumentProxy } from 'unpdf';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
