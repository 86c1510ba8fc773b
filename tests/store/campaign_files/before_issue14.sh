# How before_issue14.db was recorded, with main at d1b1bd6 (before issue 14's rules):
#   bash before_issue14.sh before_issue14.db
# It exercises what issue 14 changed: discards (item discard, check --discard, a group
# check's discard, item use, tokens), group checks with 8/13/17 targets, a "?" check, a
# left-behind item discarded for a modifier, a modifier named twice, a Hero becoming wounded.
set -e
L="campaign-ledger --database $1"
$L campaign new Golden
$L hero add "Zuva'Sai" --might 2 --agility 3 --will 4 --taunt 3 --wounded-chips 4
$L hero add Torrax --agility 2 --will 2 --taunt 6 --wounded-chips 5
$L hero add Venia --might 1 --agility 3 --will 2 --taunt 4 --chips 8 --wounded-chips 4
$L step city
$L damage "Zuva'Sai" 2
$L item gain "Zuva'Sai" "Star Lotus token"
$L item use "Zuva'Sai" "Star Lotus token"
$L item gain Torrax Rope --value 1
$L item discard Torrax Rope
$L item gain Venia "Bone token" --token --shape triangle
$L item discard Venia "Bone token"
$L item gain "Zuva'Sai" Lantern --value 2
$L check "Zuva'Sai" might 2 --roll "1 1" --discard Lantern --modifier "+1:discard=Lantern"
$L item gain Torrax Flint --value 1
$L group-check agility 8/13/17 --roll Torrax="1 1" --roll Venia="1 1 S" --roll "Zuva'Sai=1 1 1" --discard Torrax=Flint --modifier "+1:discard=Flint"
$L group-check agility 8/13/17 --order Torrax,Venia --roll Torrax="1 1" --roll Venia="1 1 S"
$L check Venia will ? --roll "1 1" --outcome 204
$L stock gain Torrax Rope --value 1
$L stock gain Venia "Bone token" --token --shape triangle
$L item gain "Zuva'Sai" "Old Lantern" --value 2
$L item gain "Zuva'Sai" "Iron Lantern" --value 2
$L step journey
$L loadout leave "Zuva'Sai" "Old Lantern"
$L step scenario 1
$L check "Zuva'Sai" might 1 --roll "1 1" --discard "Old Lantern" --modifier "+1:discard=Old Lantern"
$L check "Zuva'Sai" might 3 --roll "1 1" --modifier "+1:item=Iron Lantern" --modifier "+1:item=iron lantern"
$L damage Torrax 11
$L scenario end --outcome S1
$L verify
