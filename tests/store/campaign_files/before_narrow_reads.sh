# How before_narrow_reads.db was recorded, with main at dd4720a (before issue 27's narrow reads):
#   bash before_narrow_reads.sh before_narrow_reads.db
# before_narrow_reads.answers.json holds main's answers, recorded right after: `log Q` and
# `log Q --json` for each filter Q listed there (the CLI), `timeline(campaign)` as builtins,
# each plot's JSON download (`ledger_web.pages.charts.as_json`) and the landing line of
# every seq from 0 to head + 2 (`ledger_web.pages.views.recorded`).
# It exercises what the log's filters read: commands of several events, items given to
# another Hero ("to"), steps and scenario plays, sessions, undone and redone commands.
set -e
L="campaign-ledger --database $1"
$L campaign new Narrow
$L hero add "Zuva'Sai" --might 2 --agility 3 --will 4 --taunt 3 --wounded-chips 4
$L hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5
$L hero add Venia --might 1 --agility 3 --will 2 --taunt 4 --chips 8 --wounded-chips 4
$L session start
$L step city
$L damage "Zuva'Sai" 2
$L item gain Torrax Rope --value 1
$L item give Torrax Rope --to Venia
$L stars gain Venia 3
$L undo
$L stars gain Venia 2
$L group-check agility 8/13/17 --order Torrax,Venia,"Zuva'Sai" --roll Torrax="1 1" --roll Venia="1 1 S" --roll "Zuva'Sai=1 1 1"
$L damage Torrax 2
$L undo
$L redo
$L session end
$L session start
$L step journey
$L step scenario 1
$L damage Torrax 3
$L check "Zuva'Sai" might 1 --roll "1 1"
$L scenario end --outcome S1
$L step city
$L item gain Venia Lantern --value 2
$L damage Venia 1
$L undo --command 29
$L step journey
$L step scenario 1
$L heal Torrax 1
$L stars gain Torrax 1
$L damage Venia 1
$L undo 2
$L verify
