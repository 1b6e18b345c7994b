/**
 * What other features' server code uses of the advisor: checking that a transcript's advisor
 * turns are the replies the advisor signed (the chat hand-off, src/features/leads).
 */
export { signingSecret, verifyReply, type SigningEnv } from './server/signature.server';
