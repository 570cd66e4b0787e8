// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Tests only: answers the two views a Safe (Gnosis Safe) multisig answers, `getThreshold()` and `getOwners()`,
/// with the owners and threshold it was deployed with, so address checks can tell a Safe from another contract.
contract MinimalSafe {
    address[] private owners;
    uint256 private threshold;

    constructor(address[] memory owners_, uint256 threshold_) {
        owners = owners_;
        threshold = threshold_;
    }

    function getThreshold() external view returns (uint256) {
        return threshold;
    }

    function getOwners() external view returns (address[] memory) {
        return owners;
    }
}
