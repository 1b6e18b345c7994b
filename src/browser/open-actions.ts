/**
 * Turns `data-open` calls to action into store actions on pages that host the matching island
 * (its mount point carries `data-island`). Elsewhere, and without JavaScript, the link is followed.
 */
import { takeResume } from '../features/advisor';
import { openChat, openQuestionnaire } from '../stores/ui';

/** Delay between scrolling to the chat prompt and opening the chat, from the spec. */
export const CHAT_AFTER_SCROLL_MS = 500;

const hasIsland = (name: string) => document.querySelector(`[data-island="${name}"]`) !== null;

document.addEventListener('click', (event) => {
  const trigger = (event.target as Element | null)?.closest<HTMLElement>('[data-open]');
  if (!trigger) return;
  const what = trigger.dataset.open;
  if (what === 'questionnaire') {
    if (!hasIsland('questionnaire')) return;
    event.preventDefault();
    openQuestionnaire();
    return;
  }
  if (!hasIsland('chat')) return;
  event.preventDefault();
  if (what === 'chat-fullscreen') {
    openChat('fullscreen');
  } else if (trigger.dataset.section === 'chat') {
    // The navigation's chat button scrolls to the bottom first, then opens the chat.
    window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' });
    setTimeout(() => openChat(), CHAT_AFTER_SCROLL_MS);
  } else {
    openChat();
  }
});

// Arriving from another page through the navigation's chat button (/#chat): scroll to the
// bottom, then open the chat, as the button does on this page.
if (location.hash === '#chat' && hasIsland('chat')) {
  window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' });
  setTimeout(() => openChat(), CHAT_AFTER_SCROLL_MS);
} else if (hasIsland('chat') && takeResume()) {
  // Back from a page the advisor linked to: the conversation picks up where it was.
  openChat();
}
