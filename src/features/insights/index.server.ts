/**
 * What other server code uses of the insights: recording an answered question and a visitor's
 * rating of it, the clean-up.
 */
export {
  insightsEnabled,
  purgeOldQuestions,
  recordQuestion,
  recordRating,
  type AnsweredQuestion,
  type InsightsEnv,
} from './record.server';
