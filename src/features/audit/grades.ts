/**
 * The letter grade both reports give, the PageSpeed scores' average and the AI-visibility score
 * alike: the spec's grade table and the grade for a score.
 */

/** A letter grade with the facts the spec's grade table gives it. */
export interface GradeInfo {
  grade: 'A' | 'B' | 'C' | 'D' | 'F';
  /** Lowest rounded average that earns the grade. */
  min: number;
  colour: 'green' | 'blue' | 'yellow' | 'orange' | 'red';
  description: string;
}

/** The spec's grade table, best first. */
export const GRADES: readonly GradeInfo[] = [
  { grade: 'A', min: 90, colour: 'green', description: 'Excellent performance across all metrics' },
  {
    grade: 'B',
    min: 80,
    colour: 'blue',
    description: 'Good performance with room for improvement',
  },
  {
    grade: 'C',
    min: 70,
    colour: 'yellow',
    description: 'Average performance needs optimization',
  },
  {
    grade: 'D',
    min: 60,
    colour: 'orange',
    description: 'Below average, significant improvements needed',
  },
  {
    grade: 'F',
    min: 0,
    colour: 'red',
    description: 'Poor performance requires immediate attention',
  },
];

/** The grade for a score from 0 to 100 (A 90+, B 80+, C 70+, D 60+, F below). */
export function gradeFor(score: number): GradeInfo {
  return GRADES.find((g) => score >= g.min) ?? GRADES[GRADES.length - 1];
}
