import { mapConcurrently } from './support.ts';

export interface BenchAccount {
  readonly uid: string;
  readonly email: string;
  readonly name: string;
  readonly role: 'buyer' | 'seller';
  /** Firebase ID token from the Auth emulator: what GET /jwt takes. */
  readonly idToken: string;
}

interface SignUpAnswer {
  localId?: string;
  idToken?: string;
  error?: { message?: string };
}

/**
 * Creates accounts in the Auth emulator as the web client's sign-up does (e-mail and password),
 * which answers each with its uid and ID token.
 */
export async function signUpAccounts(
  authEmulatorHost: string,
  wanted: readonly { email: string; name: string; role: 'buyer' | 'seller' }[],
): Promise<BenchAccount[]> {
  const url = `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench-key`;
  return mapConcurrently(wanted, 16, async ({ email, name, role }) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password', returnSecureToken: true }),
    });
    const answer = (await response.json()) as SignUpAnswer;
    if (!answer.localId || !answer.idToken)
      throw new Error(`Emulator sign-up of ${email} failed: ${answer.error?.message}`);
    return { uid: answer.localId, email, name, role, idToken: answer.idToken };
  });
}

/** Access tokens from the gateway's GET /jwt, exactly as the web client gets its own. */
export async function accessTokensOf(
  gatewayUrl: string,
  accounts: readonly BenchAccount[],
): Promise<Map<string, string>> {
  const tokens = await mapConcurrently(accounts, 16, async (account) => {
    const response = await fetch(`${gatewayUrl}/jwt?email=${encodeURIComponent(account.email)}`, {
      headers: { authorization: `Bearer ${account.idToken}` },
    });
    if (!response.ok)
      throw new Error(`GET /jwt for ${account.email}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { accessToken: string }).accessToken;
  });
  return new Map(accounts.map((account, index) => [account.email, tokens[index] as string]));
}
