# How before_cards.db was recorded, with main at 051d33e (before Injury cards in the Registry,
# items once per scenario in the data and the web's reactive odds):
#   cd campaign_files && bash before_cards.sh before_cards.db   (before_cards.pack.toml beside it)
# It exercises what that change touched: Injury cards known and unknown (with effects given),
# a content pack of an item and a Talent's phrase, items gained from the base game and the
# pack, checks in and out of a scenario counting items by name, discard and phrase, a
# declared once-per-scenario effect, reactions and group checks.
set -e
L="campaign-ledger --database $1"
$L campaign new OldCards
$L hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5
$L hero add Venia --might 1 --agility 3 --will 2 --taunt 4 --chips 8 --wounded-chips 4
$L content add before_cards.pack.toml
$L item gain Torrax "Lucky Charm"
$L item gain Torrax "Star Lotus token"
$L item gain Venia "Lucky Charm"
$L injury draw Torrax "Broken Ribs"
$L injury draw Venia "Twisted Knee" --effect "agility -1"
$L xp gain 2
$L step city
$L city event-resolved
$L stars gain Venia 20
$L profession learn Venia Streetwise
$L check Torrax will 2 --roll "1 1" --modifier "+1:item=Lucky Charm"
$L check Torrax will 2 --roll "1 1" --modifier "+1:item=Lucky Charm"
$L group-check agility 4 --order "Torrax,Venia" --roll Torrax="1 1" --roll Venia="1 1" --no-gems
$L step journey
$L step scenario 4
$L check Torrax will 2 --roll "1 1" --modifier "+1:item=Lucky Charm"
$L scenario round
$L check Torrax will 2 --roll "1 1" --modifier "+1:phrase=Luck"
$L check Venia will 2 --roll "1 1" --modifier "+1:phrase=Hiding" --once-per-scenario "Lucky Charm"
$L scenario round
$L check Venia will 2 --roll "1 1" --modifier "+1:phrase=Hiding"
$L check Torrax will 3 --roll "1 1" --discard "Star Lotus token" --modifier "+1:discard=Star Lotus token"
$L react Venia agility --damage 2 --roll "1 0"
$L verify
