/**
 * How many blocks a chain watcher's cursor may stay behind the head beyond its confirmations. A healthy watcher
 * (every minute, up to 5,000 blocks a run) sits at the head minus its confirmations plus at most a minute of new
 * blocks: about 5 on Ethereum, 30 on Base or Polygon, 240 on Arbitrum, the fastest. 500 is past a minute's blocks
 * on every supported chain, so more means runs fail or fall behind and deposits are credited late. The lag alarm
 * (`ChainWatcher<Chain>Lag`) and the doctor both use it.
 */
export const WATCHER_LAG_LIMIT_BLOCKS = 500;
