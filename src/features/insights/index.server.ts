/** What other server code uses of the insights: recording an answered question, the clean-up. */
export {
  insightsEnabled,
  purgeOldQuestions,
  recordQuestion,
  type AnsweredQuestion,
  type InsightsEnv,
} from './record.server';
