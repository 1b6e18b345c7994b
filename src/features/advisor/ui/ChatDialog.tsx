/**
 * The chat advisor: a floating panel (at most 600 px high, full screen below the sm breakpoint)
 * or a full-screen dialog, opened and closed through the $chat store. The conversation lives in
 * the $conversation store, kept for the visit in sessionStorage; replies stream in as they are
 * written when the advisor streams them.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import {
  $conversation,
  addEntry,
  clearConversation,
  conversationId,
  updateEntry,
} from './chat-store';
import { useMounted } from '../../../lib/use-mounted';
import { $chat, closeChat } from '../../../stores/ui';
import { CHAT_MESSAGE_MAX } from '../contract';
import { askAdvisor, canSend, welcomeMessage } from './conversation';
import ChatBubble from './ChatBubble';

export interface ChatDialogProps {
  /** The firm's short name, for the welcome message. */
  firmName: string;
  /** Questions to start with, offered while the conversation is empty. */
  starters?: readonly string[];
}

/** Below Tailwind's sm breakpoint the panel fills the screen, so it is modal there too. */
const SMALL_SCREEN = '(max-width: 639.98px)';

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export default function ChatDialog({ firmName, starters = [] }: ChatDialogProps) {
  const { open, mode } = useStore($chat);
  const messages = useStore($conversation);
  // The page is rendered without the conversation (it lives in this browser's storage) and in
  // panel form: what only the browser knows is rendered once the island has mounted, since
  // hydration keeps the server's attributes.
  const mounted = useMounted();
  const fullscreen = mounted && mode === 'fullscreen';
  const modal = useMediaQuery(SMALL_SCREEN) || fullscreen;
  const [draft, setDraft] = useState('');
  const [loading, setLoading] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const hintId = useId();
  const inputId = useId();
  const startersId = useId();
  const streaming = messages.some((m) => m.streaming);
  const waiting = loading && !streaming;

  // Open and close the native dialog from the store; modal in full screen and on small screens.
  useEffect(() => {
    const d = dialog.current;
    if (!d || !mounted) return;
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
  }, [open, modal, mounted]);

  // Keep the newest message in view, and the cursor in the box once a reply is in.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
    if (!loading && $chat.get().open) input.current?.focus();
  }, [messages, loading]);

  async function send(text = draft) {
    if (loading || !canSend(text)) return;
    addEntry({ role: 'user', content: text.trim() });
    if (text === draft) setDraft('');
    setLoading(true);
    let replyId: number | undefined;
    const outcome = await askAdvisor(
      $conversation.get(),
      {
        onText(content) {
          if (replyId === undefined) {
            replyId = addEntry({ role: 'assistant', content, streaming: true });
          } else updateEntry(replyId, { content });
        },
      },
      fetch,
      conversationId(),
    );
    if (outcome.reply) {
      if (replyId === undefined) addEntry({ role: 'assistant', ...outcome.reply });
      else updateEntry(replyId, { ...outcome.reply, streaming: false });
    } else if (replyId !== undefined) {
      updateEntry(replyId, { streaming: false });
    }
    if (outcome.error) addEntry({ role: 'assistant', content: outcome.error, local: true });
    setLoading(false);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
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

  const width = fullscreen ? 'mx-auto w-full max-w-3xl' : '';
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
      {mounted && (
        <>
          <header className="flex items-start justify-between gap-3 bg-navy-900 px-4 py-3 text-white">
            <div className={width}>
              <h2 id={titleId} className="text-base font-semibold text-white">
                AI Advisor
              </h2>
              <p id={hintId} className="text-xs text-slate-300">
                Answers from our site about services, prices and timelines.
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-1">
              {messages.length > 0 && (
                <button
                  type="button"
                  onClick={() => {
                    clearConversation();
                    input.current?.focus();
                  }}
                  disabled={loading}
                  className="min-h-11 rounded-md px-2 text-xs font-medium text-slate-200 hover:bg-white/10 hover:text-white disabled:opacity-50"
                >
                  New conversation
                </button>
              )}
              <button
                type="button"
                onClick={closeChat}
                aria-label="Close chat"
                className="inline-flex size-11 items-center justify-center rounded-md text-slate-200 hover:bg-white/10 hover:text-white"
              >
                <span aria-hidden="true" className="text-lg leading-none">
                  ✕
                </span>
              </button>
            </div>
          </header>

          <div className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-4 py-4">
            <div className={`flex flex-col gap-3 ${width}`}>
              <div role="log" aria-label="Conversation" className="flex flex-col gap-3">
                <ChatBubble
                  message={{ id: 0, role: 'assistant', content: welcomeMessage(firmName) }}
                />
                {messages.map((m) => (
                  <ChatBubble
                    key={m.id}
                    message={m}
                    busy={loading}
                    onChoose={(q) => void send(q)}
                  />
                ))}
              </div>
              {messages.length === 0 && starters.length > 0 && (
                <div className="self-start">
                  <p id={startersId} className="text-xs font-semibold text-slate-600">
                    Questions to start with
                  </p>
                  <ul aria-labelledby={startersId} className="mt-2 flex flex-col items-start gap-2">
                    {starters.map((q) => (
                      <li key={q}>
                        <button
                          type="button"
                          onClick={() => void send(q)}
                          disabled={loading}
                          className="rounded-2xl border border-brand-600/40 bg-white px-3 py-2 text-left text-sm text-brand-700 shadow-sm hover:bg-brand-50"
                        >
                          {q}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {waiting && (
                <div
                  role="status"
                  className="flex items-center gap-1 self-start rounded-2xl bg-white px-4 py-3 shadow-sm"
                >
                  <span className="sr-only">The advisor is typing…</span>
                  {[0, 1, 2].map((i) => (
                    <span
                      key={i}
                      aria-hidden="true"
                      className={`size-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none ${
                        ['', '[animation-delay:150ms]', '[animation-delay:300ms]'][i]
                      }`}
                    />
                  ))}
                </div>
              )}
              <div ref={end} />
            </div>
          </div>

          <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-3">
            <div className={`flex items-end gap-2 ${width}`}>
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
                className="field max-h-32 flex-1 resize-none py-2 text-sm"
              />
              <button
                type="submit"
                disabled={loading || !canSend(draft)}
                className="btn-primary shrink-0 disabled:cursor-not-allowed disabled:opacity-50"
              >
                Send
              </button>
            </div>
            <p className={`mt-1 text-[0.7rem] text-slate-500 ${width}`}>
              Enter sends, Shift+Enter adds a line. AI answers can be incomplete; check the linked
              pages.
            </p>
          </form>
        </>
      )}
    </dialog>
  );
}
