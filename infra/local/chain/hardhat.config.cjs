// The local EVM node of `npm start` (Hardhat Network through EDR): chain id 31337, every transaction mined at once,
// and an empty block every LOCAL_CHAIN_BLOCK_MS (default 1000; 0: only transactions make blocks) so transfers sent
// with your own tools reach the watcher's confirmation depth by themselves.
const interval = Number(process.env.LOCAL_CHAIN_BLOCK_MS ?? '1000');

module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      mining: { auto: true, interval: Math.max(interval, 0) },
    },
  },
};
