import LandfallCLI

await LandfallCommand.main()
