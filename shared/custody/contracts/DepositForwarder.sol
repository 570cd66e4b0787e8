// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";

/// A deposit address: an EIP-1167 clone whose only immutable argument is its treasury. Whatever token it holds can
/// only leave for that treasury, and only when its factory (driven by the factory's sweeper) flushes it. The
/// implementation keeps no storage, so a clone needs no initializer and cannot be taken over before it is deployed:
/// its CREATE2 address already binds the treasury.
contract DepositForwarder {
    using SafeERC20 for IERC20;

    /// The factory that deployed this implementation; its clones run this code, so they answer to it too.
    address private immutable FACTORY;

    error OnlyFactory();

    constructor() {
        FACTORY = msg.sender;
    }

    /// The one address this forwarder's tokens can go to (the clone's immutable argument).
    function treasury() public view returns (address) {
        return address(bytes20(Clones.fetchCloneArgs(address(this))));
    }

    /// Sends this forwarder's whole balance of `token` to its treasury and returns the amount.
    function flush(IERC20 token) external returns (uint256 amount) {
        if (msg.sender != FACTORY) revert OnlyFactory();
        amount = token.balanceOf(address(this));
        if (amount > 0) token.safeTransfer(treasury(), amount);
    }
}
