/**
 * Questions before booking as React Query hooks. Every key starts with 'rides', so the live stream's
 * refresh (live.ts refetches every marketplace key on any event) brings new questions and answers onto an
 * open page without a reload.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  QuestionCountsDto,
  RideAnswerDto,
  RideQuestionDto,
  RideQuestionsDto,
} from '../../../shared/validation/questions.ts';
import { api } from '../../lib/api.ts';

export const questionsKey = (rideId: string) => ['rides', rideId, 'questions'] as const;
const countKey = (rideId: string) => ['rides', rideId, 'questions', 'count'] as const;

export function useRideQuestions(rideId: string, enabled = true) {
  return useQuery({
    // The thread shows its own error.
    meta: { errorToast: false },
    queryKey: questionsKey(rideId),
    queryFn: () => api<RideQuestionsDto>(`/api/rides/${rideId}/questions`),
    enabled,
  });
}

type Counts = QuestionCountsDto['counts'][string];

/**
 * The trip cards of /available-rides each want their count: the ids asked for in one tick go to the API
 * as one request (up to 50 at a time), not one request a card.
 */
const pending = new Map<string, { resolve: (c: Counts) => void; reject: (e: unknown) => void }[]>();
let scheduled = false;
const BATCH_MAX = 50;

function flush() {
  scheduled = false;
  const batch = [...pending.entries()];
  pending.clear();
  for (let i = 0; i < batch.length; i += BATCH_MAX) {
    const part = batch.slice(i, i + BATCH_MAX);
    const ids = part.map(([id]) => id);
    api<QuestionCountsDto>(`/api/ride-questions/counts?rideIds=${ids.join(',')}`).then(
      ({ counts }) => {
        for (const [id, waiting] of part) {
          for (const w of waiting) w.resolve(counts[id] ?? { questions: 0, unanswered: 0 });
        }
      },
      (err) => {
        for (const [, waiting] of part) for (const w of waiting) w.reject(err);
      },
    );
  }
}

function loadCount(rideId: string): Promise<Counts> {
  return new Promise((resolve, reject) => {
    const list = pending.get(rideId) ?? [];
    list.push({ resolve, reject });
    pending.set(rideId, list);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}

export function useQuestionCount(rideId: string) {
  return useQuery({
    // A missing count only hides the number.
    meta: { errorToast: false },
    queryKey: countKey(rideId),
    queryFn: () => loadCount(rideId),
  });
}

export function useAskQuestion(rideId: string) {
  const qc = useQueryClient();
  return useMutation({
    // The form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: string) =>
      api<{ question: RideQuestionDto }>(`/api/rides/${rideId}/questions`, { body: { body } }),
    onSettled: () => qc.invalidateQueries({ queryKey: questionsKey(rideId) }),
  });
}

/** Issue 32: the customer asks the driver of one quote (seen by the two of them only). */
export function useAskDriver(rideId: string, quoteId: string) {
  const qc = useQueryClient();
  return useMutation({
    // The form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: string) =>
      api<{ question: RideQuestionDto }>(`/api/quotes/${quoteId}/questions`, { body: { body } }),
    onSettled: () => qc.invalidateQueries({ queryKey: questionsKey(rideId) }),
  });
}

export function useAnswerQuestion(rideId: string) {
  const qc = useQueryClient();
  return useMutation({
    // The form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: ({ questionId, body }: { questionId: string; body: string }) =>
      api<{ answer: RideAnswerDto }>(`/api/rides/${rideId}/questions/${questionId}/answer`, {
        body: { body },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: questionsKey(rideId) }),
  });
}
