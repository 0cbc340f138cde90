// The local EVM node the deposit tests run against (started by src/test/local-chain.ts).
// Chain id 56 like BNB Smart Chain; failed transactions are mined as reverted instead of throwing,
// so tests can produce a reverted transfer. Nothing is compiled: the tests deploy OpenZeppelin's
// prebuilt ERC20PresetMinterPauser artifact.
module.exports = {
  solidity: '0.8.20',
  networks: {
    hardhat: {
      chainId: 56,
      throwOnTransactionFailures: false,
      throwOnCallFailures: false,
    },
  },
};
