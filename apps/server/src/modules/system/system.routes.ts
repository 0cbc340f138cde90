import type { FastifyInstance } from 'fastify';
import { getAddress } from 'viem';
import { ASSET_KEYS, CHAIN_ID, configApi } from '@reef/contract';
import { registerEndpoint } from '../../plugins/endpoint.js';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const publicConfig = {
    chain_id: CHAIN_ID,
    assets: ASSET_KEYS.map((key) => ({ key, symbol: app.config.assetSymbols[key] })),
    transfer_fee_rate: app.config.transferFeeRate,
    legacy_login: app.config.loginLegacy,
    walletconnect_project_id: app.config.walletConnectProjectId,
    walletconnect_relay_url: app.config.walletConnectRelayUrl,
    deposit_address: app.config.chain ? getAddress(app.config.chain.depositAddress) : null,
    usdt_contract: app.config.chain ? getAddress(app.config.chain.tokenContracts.usdt) : null,
    coin_contract: app.config.chain ? getAddress(app.config.chain.tokenContracts.coin) : null,
    deposit_confirmations: app.config.depositConfirmations,
    explorer_url: app.config.explorerUrl,
  };
  registerEndpoint(app, configApi.getConfig, async () => publicConfig);
  const { version, commit, minClientBuild } = app.config.version;
  registerEndpoint(app, configApi.getVersion, async () => ({ version, commit, min_client_build: minClientBuild }));
}
