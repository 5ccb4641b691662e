// Apart from subscriptions.ts, whose trial dates pull the date plugins into every locked lesson
// page's first load (the video page's JavaScript budget, README).

/** 'Start your 14-day free trial', or without a length when the offer does not say one. */
export function startTrialText(trialDays: number | null | undefined): string {
  return trialDays && trialDays > 0 ? `Start your ${trialDays}-day free trial` : 'Start your free trial';
}
