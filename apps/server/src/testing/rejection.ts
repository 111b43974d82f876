/**
 * What `call` rejects with, typed as the adapter's error so a test can assert its reason and message;
 * fails the test when the call resolves instead.
 */
export async function rejectionOf<Failure = Error>(call: Promise<unknown>): Promise<Failure> {
  try {
    await call;
  } catch (error) {
    return error as Failure;
  }
  throw new Error('the call resolved instead of rejecting');
}
