/**
 * What other features' server code uses of the advisor: checking that a transcript's advisor
 * turns are the replies the advisor signed (the chat hand-off, src/features/leads), and that a
 * rating names a reply the advisor gave (src/features/insights).
 */
export {
  signingSecret,
  verifyAnswerId,
  verifyTurns,
  type SigningEnv,
} from './server/signature.server';
