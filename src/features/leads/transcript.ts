/**
 * A chat hand-off's conversation as plain text, for the firm's email and the inbox's export. It
 * must show who said what: the visitor writes whatever they like, including blank lines and
 * "Advisor:", so each turn gets a numbered heading that names its source and, for an advisor
 * turn, whether its signature verified, and every line of its text, blank ones too, is quoted
 * under it. No line a visitor wrote can start a line of its own.
 */
import { linesOf } from '../../lib/lines';
import type { TranscriptMessage } from './lead';

/** What starts every line of a turn's text. */
export const QUOTE = '    |';

/** Who said a message, and how sure that is. */
export function speaker(m: TranscriptMessage): string {
  if (m.role === 'user') return 'Visitor (typed by the visitor)';
  if (m.verified === true) return 'Advisor (verified: the advisor sent this text)';
  if (m.verified === false) return 'Advisor (NOT VERIFIED: the advisor did not send this text)';
  // Leads taken before the advisor signed its replies.
  return 'Advisor (not checked)';
}

/** The conversation as lines: each turn's heading, then its text quoted, a blank line between. */
export function transcriptLines(messages: readonly TranscriptMessage[]): string[] {
  return messages.flatMap((m, i) => [
    ...(i > 0 ? [''] : []),
    `${i + 1}. ${speaker(m)}:`,
    ...linesOf(m.content).map((line) => (line ? `${QUOTE} ${line}` : QUOTE)),
  ]);
}
