from ledger_cli.app import main

main()
