// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {DepositForwarder} from "./DepositForwarder.sol";

/// Deploys deposit forwarders at their CREATE2 addresses (computable offline from this factory, the implementation,
/// the salt and the treasury) at their first flush, and flushes them. Only the sweeper (the relayer key) may flush,
/// so every token movement out of a deposit address is one the service sent and recorded; the admin (an operator's
/// offline key) may replace the sweeper when the relayer key is rotated.
contract DepositForwarderFactory {
    struct Deposit {
        address treasury;
        bytes32 salt;
    }

    address public immutable implementation;
    address public immutable admin;
    address public sweeper;

    event Flushed(address indexed forwarder, address indexed token, address indexed treasury, uint256 amount);
    event SweeperChanged(address previous, address current);

    error OnlySweeper();
    error OnlyAdmin();
    error NoTreasury();

    constructor(address sweeper_) {
        implementation = address(new DepositForwarder());
        admin = msg.sender;
        sweeper = sweeper_;
        emit SweeperChanged(address(0), sweeper_);
    }

    function setSweeper(address sweeper_) external {
        if (msg.sender != admin) revert OnlyAdmin();
        emit SweeperChanged(sweeper, sweeper_);
        sweeper = sweeper_;
    }

    /// The deposit address of (`treasury`, `salt`), deployed or not.
    function forwarderAddress(address treasury, bytes32 salt) public view returns (address) {
        return Clones.predictDeterministicAddressWithImmutableArgs(implementation, abi.encodePacked(treasury), salt);
    }

    /// Deploys the forwarder if it has no code yet, then moves its whole `token` balance to its treasury.
    function flush(IERC20 token, Deposit calldata deposit) external returns (uint256) {
        if (msg.sender != sweeper) revert OnlySweeper();
        return _flush(token, deposit);
    }

    /// `flush` for many forwarders in one transaction; returns the total moved.
    function flushBatch(IERC20 token, Deposit[] calldata deposits) external returns (uint256 total) {
        if (msg.sender != sweeper) revert OnlySweeper();
        for (uint256 i = 0; i < deposits.length; ++i) total += _flush(token, deposits[i]);
    }

    function _flush(IERC20 token, Deposit calldata deposit) private returns (uint256 amount) {
        if (deposit.treasury == address(0)) revert NoTreasury();
        bytes memory args = abi.encodePacked(deposit.treasury);
        address forwarder = Clones.predictDeterministicAddressWithImmutableArgs(implementation, args, deposit.salt);
        if (forwarder.code.length == 0) Clones.cloneDeterministicWithImmutableArgs(implementation, args, deposit.salt);
        amount = DepositForwarder(forwarder).flush(token);
        emit Flushed(forwarder, address(token), deposit.treasury, amount);
    }
}
