import { TEST_CARDS } from '@cotacep/shared/billing-schemas';
import { AppError } from '#server/lib/app-error.ts';

/** What a test card does when charged, as Stripe's test cards do (decision 014). */
export type CardBehaviour = 'success' | 'declined' | 'insufficientFunds' | 'processingError' | 'renewalFails';

/** Any number that is not one of the published test cards is declined: test mode takes no real card. */
export function getCardBehaviour(cardNumber: string): CardBehaviour {
  const entry = Object.entries(TEST_CARDS).find(([, number]) => number === cardNumber);
  return (entry?.[0] as CardBehaviour | undefined) ?? 'declined';
}

/**
 * Charges a test card: returns when the charge goes through, throws the decline otherwise. A processing
 * error fails once per checkout; the retry goes through.
 */
export function chargeCard(behaviour: CardBehaviour, processingErrors = 0): void {
  if (behaviour === 'declined') throw new AppError('CardDeclined');
  if (behaviour === 'insufficientFunds') throw new AppError('InsufficientFunds');
  if (behaviour === 'processingError' && processingErrors === 0) throw new AppError('CardProcessingError');
}

/**
 * Whether the card on file is declined when charged without the customer present (a renewal, an
 * upgrade's proration): the "renewal fails" card is; a card that paid before is not.
 */
export function isCardOnFileDeclined(subscription: { testCardBehaviour: string | null }): boolean {
  return subscription.testCardBehaviour === 'renewalFails';
}
