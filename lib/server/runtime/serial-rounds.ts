import "server-only";
/**
 * Rounds of work that never overlap: a call while a round runs asks for one more round after it
 * (however many calls came), so a wake-up is never lost and two rounds never race. The poll
 * scheduler and the run runner each step this way.
 */
export function serialRounds(
  round: () => Promise<void>,
  options: { keepGoing: () => boolean; onError: (error: unknown) => void },
): () => Promise<void> {
  let stepping = false;
  let again = false;
  return async () => {
    if (stepping) {
      again = true;
      return;
    }
    stepping = true;
    try {
      do {
        again = false;
        await round();
      } while (again && options.keepGoing());
    } catch (error) {
      options.onError(error);
    } finally {
      stepping = false;
    }
  };
}
