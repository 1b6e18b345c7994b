/** What other features use of the insights in the browser: the rating contract and the topics. */
export { RATING_ENDPOINT, RATINGS, type Rating, type RatingRequest } from './contract';
export { COMMENT_MAX } from './mask';
export {
  INSIGHT_DAYS,
  QUESTION_COLUMNS,
  groupByTopic,
  parseQuestions,
  questionsCsv,
  searchTopics,
  type AskedQuestion,
  type Topic,
} from './topics';
