/** What page scripts use of the advisor in the browser: reopening the chat after a visit. */
export { takeResume } from './ui/chat-store';
