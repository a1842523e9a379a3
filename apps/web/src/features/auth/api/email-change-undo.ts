import type { EmailChangeUndoRequest, EmailChangeUndoResponse } from '@cotacep/shared/account-schemas';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '#web/lib/api/clients.ts';

/** Undoes an e-mail change with the token from the notice sent to the replaced address. */
export async function undoEmailChange(input: EmailChangeUndoRequest): Promise<EmailChangeUndoResponse> {
  const { data } = await authClient.post<EmailChangeUndoResponse>('email-change/undo', input);
  return data;
}

export function useUndoEmailChange() {
  return useMutation({ mutationFn: undoEmailChange });
}
