import LandfallCLI

// Exit statuses: 0 ok, 1 problems found, 2 usage error or unreadable input (see CommandStatus).
await LandfallCommand.runAsExecutable()
