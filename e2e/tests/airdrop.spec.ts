/**
 * Airdrops (decision 016) on Home: a claim needs a bound referrer (the server's msg says so), then
 * credits the campaign's amount once; the claim shows in the balance and the claim history.
 */
import { generatePrivateKey } from 'viem/accounts';
import { STORAGE } from '../fixtures/app';
import { expect, test } from '../fixtures/test';

test('a claim needs a referrer, then credits once', async ({ page, wallet, api, app }) => {
  const user = await api.signInViaApi(wallet.privateKey);
  const referrer = await api.signInViaApi(generatePrivateKey());
  const now = Date.now();
  const campaign = await api.createAirdrop({
    asset: 'coin',
    amount: '25',
    starts_at: new Date(now - 60_000).toISOString(),
    ends_at: new Date(now + 60 * 60_000).toISOString(),
  });

  // A campaign with an eligibility rule the user does not meet (decision 037).
  const ruled = await api.createAirdrop({
    asset: 'coin',
    amount: '5',
    starts_at: new Date(now - 60_000).toISOString(),
    ends_at: new Date(now + 60 * 60_000).toISOString(),
    rules: { min_holding: { asset: 'usdt', amount: '1000' } },
  });

  await app.presetStorage({ [STORAGE.language]: 'en-us' });
  await app.signIn();
  await expect(app.balance('coin')).toHaveText('0.0000');
  const symbol = (await api.userInfo(user.token)).balances.find((b) => b.key === 'coin')?.symbol ?? '';

  // The card says which rule keeps the user out, and offers no claim.
  await expect(page.getByTestId(`airdrop-ineligible-${ruled.id}`)).toHaveText(/^Hold at least 1,?000\.0000 \S+ to claim$/);
  await expect(page.getByTestId(`airdrop-claim-${ruled.id}`)).toBeDisabled();

  // No referrer yet: the server refuses and the page shows its message.
  const claim = page.getByTestId(`airdrop-claim-${campaign.id}`);
  await expect(claim).toBeEnabled();
  await claim.click();
  await expect(app.toast()).toHaveText('Please bind your referees first');
  await expect(claim).toHaveText('Claim');

  // Bound through the API, as another user's referee; the same button now claims.
  await api.bindReferrer(user.token, referrer.account);
  await page.reload();
  await expect(app.balance('coin')).toHaveText('0.0000');
  await claim.click();
  await expect(app.toast()).toHaveText(`Claimed 25.0000 ${symbol}`);
  await expect(app.balance('coin')).toHaveText('25.0000');
  await expect(claim).toHaveText('Claimed');
  await expect(claim).toBeDisabled();

  // A second claim, past the page, is refused by the server and credits nothing.
  const again = await api.call<{ code: string }>('POST', `/api/airdrops/${campaign.id}/claim`, { token: user.token });
  expect(again.body.status).not.toBe(200);
  expect(again.body.data.code).toBe('AIRDROP_ALREADY_CLAIMED');
  const coin = (await api.userInfo(user.token)).balances.find((b) => b.key === 'coin');
  expect(coin?.amount).toBe('25.00000000');

  // The claim history lists it once.
  await page.getByTestId('airdrop-history-link').click();
  await expect(page).toHaveURL(/#\/pages\/index\/airDrop$/);
  await expect(page.getByTestId('airdrop-claim-row')).toHaveCount(1);
  await expect(page.getByTestId('airdrop-claim-amount')).toHaveText(`+25.0000 ${symbol}`);
});
