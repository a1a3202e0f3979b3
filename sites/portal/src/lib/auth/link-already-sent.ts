// Supabase Auth sends an account one link of a kind per interval (smtp_max_frequency) and refuses
// a second within it with 429 over_email_send_rate_limit, "For security purposes, you can only
// request this after N seconds." — for an account only: an address without one always gets 200.
// So the recovery form answers that refusal as it answers a link sent (one was, moments ago),
// and says to nobody whether the address has an account. Auth's refusal when the project's
// hourly e-mail budget is spent has the same code but another message: nothing was sent then.

/** Whether Auth refused because this address was sent a link moments ago. */
export function linkAlreadySent(error: { code?: string; message?: string } | null): boolean {
  return (
    error?.code === 'over_email_send_rate_limit' &&
    /only request this after/i.test(error.message ?? '')
  );
}
