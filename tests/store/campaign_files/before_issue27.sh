# How before_issue27.db was recorded, with main at dd4720a (before issue 27's Stock):
#   bash before_issue27.sh before_issue27.db
# `item gain` then left every discarded copy in the Stock, so the Stock only grew: this file
# has 130 discards to the Stock of gained items (alternating two items, so copies of the
# Stock interleave), Stock and Archive copies, a gain from the Stock, a sale and an offer, and
# more than 100 events so it holds snapshots of a long Stock.
set -e
L="campaign-ledger --database $1"
$L campaign new Golden
$L hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5
$L hero add Venia --might 1 --agility 3 --will 2 --taunt 4 --chips 8 --wounded-chips 4
$L step city
$L stock add Sword --count 2 --value 6
$L stock add Sword --archive --value 6
$L stock add Shield --archive --value 4
LINES=$(mktemp)
for n in $(seq 1 65); do
  echo 'item gain Torrax Rope --value 1' >> "$LINES"
  echo 'item discard Torrax Rope' >> "$LINES"
  echo 'item gain Venia "Bone token" --token --shape triangle' >> "$LINES"
  echo 'item discard Venia "Bone token"' >> "$LINES"
done
$L batch --quiet "$LINES"
rm "$LINES"
$L item gain Torrax Sword --value 6
$L stock gain Venia Sword --value 6
$L stock gain Torrax Shield --value 4
$L item sell Torrax Sword
$L stock offer Sword
$L item gain Venia Rope --value 1
$L damage Venia 2
$L item gain Venia "Star Lotus token"
$L item use Venia "Star Lotus token"
$L verify
