/** One message of the chat: the visitor's as typed, the advisor's as safe Markdown with sources. */
import { useId } from 'react';
import { rememberOpenChat, type ChatEntry } from './chat-store';
import { safeHref } from './markdown';
import HandoffCard from './HandoffCard';
import Markdown from './Markdown';
import RateAnswer from './RateAnswer';

export default function ChatBubble({ message }: { message: ChatEntry }) {
  const mine = message.role === 'user';
  const sourcesId = useId();
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
      {message.handoff && !message.streaming && <HandoffCard />}
      {!mine && !message.streaming && !message.local && <RateAnswer message={message} />}
    </div>
  );
}
