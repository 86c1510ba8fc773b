# How before_issue25.db was recorded, with main at dd4720a (before issue 25's rules):
#   bash before_issue25.sh before_issue25.db
# It exercises what issue 25 changed: a place to sleep for a Hero with no Hideout, a Hideout
# Hero sleeping rough, Talent activities without the Talent and with any payout, Injury cards
# with no effect on checks, two ordinary checks in one scenario turn, reactions, healing.
set -e
L="campaign-ledger --database $1"
$L campaign new Old25
$L hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5
$L hero add Venia --might 1 --agility 3 --will 2 --taunt 4 --chips 8 --wounded-chips 4
$L xp gain 2
$L step city
$L city event-resolved
$L stars gain Venia 20
$L stars gain Torrax 10
$L profession learn Venia Streetwise
$L city activity Torrax Pickpocket --gain-stars 3
$L city activity Venia Burglary --points 1 --gain-stars 40
$L city sleep Torrax "The Pit"
$L injury draw Torrax "Cracked Skull"
$L check Torrax might 2 --roll "1 1 1"
$L odds Torrax might 3
$L step journey
$L step scenario 4
$L check Torrax might 2 --roll "1 1 1"
$L check Torrax might 2 --roll "1 2 1"
$L react Venia agility --damage 3 --roll "1 0 2"
$L damage Torrax 12
$L injury draw Torrax "Broken Ribs"
$L scenario end --outcome S1
$L step city
$L city event-resolved
$L city activity Torrax "Heal Injury" --stars 3 --injury "Cracked Skull"
$L city sleep Venia "A friend's house"
$L step journey
$L verify
