"""A two-identity mutant of the Python host: its agents carry an id of their own.

The agent's id is no longer its session's: the registry files the agent under `agent-<session id>`
while the session store files the session under the session id, the very split the contract
forbids. `conform --adapter-cmd "python3 examples/python/two_identity_mutant.py"` is NOT CONFORMANT.
"""
import adapter
import identity


class TwoIdentityAgent(identity.Agent):
    """An agent whose id is minted from, not equal to, its session id."""

    @property
    def id(self) -> str:
        return f"agent-{self.session.id}"


identity.Agent = TwoIdentityAgent

if __name__ == "__main__":
    adapter.main()
