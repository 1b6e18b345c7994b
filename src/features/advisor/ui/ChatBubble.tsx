/**
 * One message of the chat: the visitor's as typed, the advisor's as safe Markdown with its
 * sources and, when several sections match about as well, the questions to choose from.
 */
import { useId } from 'react';
import { rememberOpenChat, type ChatEntry } from './chat-store';
import { safeChoices } from './conversation';
import { safeHref } from './markdown';
import HandoffCard from './HandoffCard';
import Markdown from './Markdown';
import RateAnswer from './RateAnswer';

export interface ChatBubbleProps {
  message: ChatEntry;
  /** Sends a choice as the visitor's next message; without it, no choices are shown. */
  onChoose?: (question: string) => void;
  /** Whether a reply is on its way, so choices wait. */
  busy?: boolean;
}

export default function ChatBubble({ message, onChoose, busy = false }: ChatBubbleProps) {
  const mine = message.role === 'user';
  const sourcesId = useId();
  const choicesId = useId();
  // Stored conversations are the visitor's to edit: only well-formed choices are shown.
  const choices = (!mine && onChoose && safeChoices(message.choices)) || [];
  const sources = (message.sources ?? []).flatMap((s) => {
    const href = safeHref(s.url);
    return href ? [{ ...s, href }] : [];
  });
  return (
    <div
      // Following a link out of the chat reopens it on the way back.
      onClick={(e) => (e.target as Element).closest('a[href]') && rememberOpenChat()}
      className={`max-w-[88%] rounded-2xl px-4 py-3 text-sm leading-relaxed shadow-sm ${
        mine
          ? 'self-end whitespace-pre-wrap bg-brand-600 text-white'
          : 'self-start bg-white text-slate-800'
      }`}
    >
      <span className="sr-only">{mine ? 'You said: ' : 'Advisor: '}</span>
      {mine ? (
        message.content
      ) : (
        <div className="space-y-2 break-words">
          <Markdown text={message.content} />
        </div>
      )}
      {sources.length > 0 && (
        <div className="mt-3 border-t border-slate-100 pt-2 text-xs">
          <p id={sourcesId} className="font-semibold text-slate-600">
            Sources
          </p>
          <ul aria-labelledby={sourcesId} className="mt-1 space-y-1">
            {sources.map((s) => (
              <li key={s.href}>
                <a href={s.href} className="text-brand-700 underline underline-offset-2">
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {choices.length > 0 && !message.streaming && (
        <div className="mt-3 border-t border-slate-100 pt-2 text-xs">
          <p id={choicesId} className="font-semibold text-slate-600">
            Choose one
          </p>
          <ul aria-labelledby={choicesId} className="mt-1 flex flex-col items-start gap-2">
            {choices.map((q) => (
              <li key={q} className="max-w-full">
                <button
                  type="button"
                  onClick={() => onChoose?.(q)}
                  disabled={busy}
                  className="min-h-11 max-w-full rounded-2xl border border-brand-600/40 bg-white px-3 py-2 text-left text-sm break-words text-brand-700 shadow-sm hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  {q}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {message.handoff && !message.streaming && <HandoffCard />}
      {!mine && !message.streaming && !message.local && <RateAnswer message={message} />}
    </div>
  );
}
