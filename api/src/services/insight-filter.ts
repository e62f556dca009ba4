/**
 * The insights' query as a period and filters, shared by every section (and the roll-ups they read), and the
 * order their names are listed in.
 */
import type { Static } from 'typebox';
import { defaultInsightFrom, INSIGHT_TEXT, insightPeriodProblem } from '@trungtam/shared/contracts/insights';
import { isIsoDate, operatorToday } from '@trungtam/shared/operatorDate';
import type { InsightQuery } from '@trungtam/shared/schemas/insights';
import { invalid } from '../lib/errors';

export interface InsightFilter {
  from: string;
  to: string;
  centerId: number | null;
  productId: number | null;
  teacherId: number | null;
}

/** The query as a period and filters: real dates, the end not before the start, at most a year (a 400 naming the field otherwise); default the last 8 weeks. */
export function insightFilter(query: Static<typeof InsightQuery>): InsightFilter {
  if (query.from !== undefined && !isIsoDate(query.from)) throw invalid({ from: INSIGHT_TEXT.from });
  if (query.to !== undefined && !isIsoDate(query.to)) throw invalid({ to: INSIGHT_TEXT.to });
  const to = query.to ?? operatorToday();
  const from = query.from ?? defaultInsightFrom(to);
  const problem = insightPeriodProblem(from, to);
  if (problem) throw invalid({ to: problem });
  return { from, to, centerId: query.center_id || null, productId: query.product_id || null, teacherId: query.teacher_id || null };
}

/** Names in Vietnamese order (one collator: localeCompare with a locale builds one on every call). */
export const vietnamese = new Intl.Collator('vi');
