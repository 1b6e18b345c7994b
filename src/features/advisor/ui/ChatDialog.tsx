/**
 * The chat advisor: a floating panel (at most 600 px high, full screen below the sm breakpoint)
 * or a full-screen dialog, opened and closed through the $chat store. The conversation lives in
 * this component, which stays mounted, so closing keeps it for the page's life.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX } from '../contract';
import { $chat, closeChat } from '../../../stores/ui';
import { askAdvisor, canSend, welcomeMessage, type UiMessage } from '../conversation';
import Markdown from './Markdown';
import { safeHref } from '../markdown';

export interface ChatDialogProps {
  /** The firm's short name, for the welcome message. */
  firmName: string;
}

/** Below Tailwind's sm breakpoint the panel fills the screen, so it is modal there too. */
const SMALL_SCREEN = '(max-width: 639.98px)';

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const update = () => setMatches(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export default function ChatDialog({ firmName }: ChatDialogProps) {
  const { open, mode } = useStore($chat);
  const fullscreen = mode === 'fullscreen';
  const modal = useMediaQuery(SMALL_SCREEN) || fullscreen;
  const [messages, setMessages] = useState<UiMessage[]>(() => [welcomeMessage(firmName)]);
  const [draft, setDraft] = useState('');
  const [loading, setLoading] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const nextId = useRef(1);
  const titleId = useId();
  const hintId = useId();
  const inputId = useId();

  // Open and close the native dialog from the store; modal in full screen and on small screens.
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open) {
      if (d.open && d.matches(':modal') !== modal) d.close();
      if (!d.open) {
        const active = document.activeElement;
        if (!opener.current && active instanceof HTMLElement && !d.contains(active)) {
          opener.current = active;
        }
        if (modal) d.showModal();
        else d.show();
      }
      input.current?.focus();
    } else if (d.open) {
      d.close();
      opener.current?.focus();
      opener.current = null;
    }
  }, [open, modal]);

  // Keep the newest message in view, and the cursor in the box once a reply is in.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
    if (!loading && $chat.get().open) input.current?.focus();
  }, [messages, loading]);

  async function send() {
    if (loading || !canSend(draft)) return;
    const question: UiMessage = { id: nextId.current++, role: 'user', content: draft.trim() };
    const history = [...messages, question];
    setMessages(history);
    setDraft('');
    setLoading(true);
    const reply = await askAdvisor(history);
    setMessages((list) => [...list, { id: nextId.current++, role: 'assistant', ...reply }]);
    setLoading(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter makes a new line; Enter that confirms an IME composition does not.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  function onDialogKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeChat();
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onKeyDown={onDialogKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        closeChat();
      }}
      onClose={() => {
        if ($chat.get().open && !dialog.current?.open) closeChat();
      }}
      className={`z-50 m-0 flex-col overflow-hidden bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-navy-950/60 open:flex max-sm:inset-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none ${
        fullscreen
          ? 'fixed inset-0 h-dvh max-h-none w-full max-w-none'
          : 'fixed inset-auto sm:right-5 sm:bottom-5 sm:h-[min(600px,calc(100dvh-2.5rem))] sm:max-h-[600px] sm:w-[26rem] sm:max-w-[calc(100vw-2.5rem)] sm:rounded-2xl sm:border sm:border-slate-200'
      }`}
    >
      <header className="flex items-start justify-between gap-3 bg-navy-900 px-4 py-3 text-white">
        <div className={fullscreen ? 'mx-auto w-full max-w-3xl' : ''}>
          <h2 id={titleId} className="text-base font-semibold text-white">
            AI Advisor
          </h2>
          <p id={hintId} className="text-xs text-slate-300">
            Answers from our site about services, prices and timelines.
          </p>
        </div>
        <button
          type="button"
          onClick={closeChat}
          aria-label="Close chat"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-200 hover:bg-white/10 hover:text-white"
        >
          <span aria-hidden="true" className="text-lg leading-none">
            ✕
          </span>
        </button>
      </header>

      <div className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-4 py-4">
        <div className={`flex flex-col gap-3 ${fullscreen ? 'mx-auto w-full max-w-3xl' : ''}`}>
          <div role="log" aria-label="Conversation" className="flex flex-col gap-3">
            {messages.map((m) => (
              <ChatBubble key={m.id} message={m} />
            ))}
          </div>
          {loading && (
            <div
              role="status"
              className="flex items-center gap-1 self-start rounded-2xl bg-white px-4 py-3 shadow-sm"
            >
              <span className="sr-only">The advisor is typing…</span>
              {[0, 1, 2].map((i) => (
                <span
                  key={i}
                  aria-hidden="true"
                  className="size-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none"
                  style={{ animationDelay: `${i * 150}ms` }}
                />
              ))}
            </div>
          )}
          <div ref={end} />
        </div>
      </div>

      <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-3">
        <div className={`flex items-end gap-2 ${fullscreen ? 'mx-auto w-full max-w-3xl' : ''}`}>
          <label htmlFor={inputId} className="sr-only">
            Your question
          </label>
          <textarea
            ref={input}
            id={inputId}
            rows={2}
            value={draft}
            maxLength={CHAT_MESSAGE_MAX}
            disabled={loading}
            placeholder="Ask about services, prices or timelines…"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            className="max-h-32 min-h-11 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 disabled:bg-slate-100 disabled:text-slate-500"
          />
          <button
            type="submit"
            disabled={loading || !canSend(draft)}
            className="btn-primary shrink-0 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Send
          </button>
        </div>
        <p
          className={`mt-1 text-[0.7rem] text-slate-500 ${fullscreen ? 'mx-auto w-full max-w-3xl' : ''}`}
        >
          Enter sends, Shift+Enter adds a line. AI answers can be incomplete; check the linked
          pages.
        </p>
      </form>
    </dialog>
  );
}

function ChatBubble({ message }: { message: UiMessage }) {
  const mine = message.role === 'user';
  const sourcesId = useId();
  const sources = (message.sources ?? []).flatMap((s) => {
    const href = safeHref(s.url);
    return href ? [{ ...s, href }] : [];
  });
  return (
    <div
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
    </div>
  );
}
