"""A Hero's Vitality disk as SVG (rules §2.1): one chip per place around the disk, in the
order unspent, locked, spent, wound; the disk is blue, or red on its wounded side, where it
holds at most ``wounded_chips`` (the places beyond are marked). The same text is its title,
for screen readers and tests."""

import math

from markupsafe import Markup, escape

from ledger.model import Hero
from ledger_web.i18n import gettext

SIZE = 120
RADIUS = 44
CHIP = 8
KINDS = (
    ("unspent", "chip unspent"),
    ("locked", "chip locked"),
    ("spent", "chip spent"),
    ("wound", "chip wound"),
)


def counts(hero: Hero) -> dict[str, int]:
    stamina = hero.stamina
    return {
        "unspent": stamina.unspent,
        "locked": stamina.locked,
        "spent": stamina.spent,
        "wound": stamina.wound,
    }


def summary(hero: Hero) -> str:
    stamina = hero.stamina
    chips = gettext("%(unspent)s unspent · %(spent)s spent · %(wound)s wound · %(locked)s locked")
    where = chips % {
        "unspent": stamina.unspent,
        "spent": stamina.spent,
        "wound": stamina.wound,
        "locked": stamina.locked,
    }
    side = gettext("wounded side") if hero.status != "normal" else gettext("unwounded side")
    return f"{hero.name}: {where}; {side}"


def disk_svg(hero: Hero) -> Markup:
    chips = counts(hero)
    order = [css for kind, css in KINDS for _ in range(chips[kind])]
    total = max(len(order), 1)
    wounded = hero.status != "normal"
    centre = SIZE / 2
    parts = [
        f'<svg class="disk{" wounded" if wounded else ""}" viewBox="0 0 {SIZE} {SIZE}" '
        f'role="img" aria-label="{escape(summary(hero))}">',
        f"<title>{escape(summary(hero))}</title>",
        f'<circle class="face" cx="{centre}" cy="{centre}" r="{RADIUS + CHIP + 4}"/>',
    ]
    for index, css in enumerate(order):
        angle = -math.pi / 2 + 2 * math.pi * index / total
        x = round(centre + RADIUS * math.cos(angle), 1)
        y = round(centre + RADIUS * math.sin(angle), 1)
        beyond = wounded and css == "chip unspent" and index >= hero.wounded_chips
        extra = " beyond" if beyond else ""
        parts.append(f'<circle class="{css}{extra}" cx="{x}" cy="{y}" r="{CHIP}"/>')
        if css == "chip locked":
            parts.append(f'<rect class="lock" x="{x - 3}" y="{y - 2}" width="6" height="5"/>')
    of_chips = gettext("of %(chips)s") % {"chips": hero.chips}
    parts.append(
        f'<text class="big" x="{centre}" y="{centre + 2}" text-anchor="middle">'
        f"{chips['unspent']}</text>"
        f'<text class="small" x="{centre}" y="{centre + 16}" text-anchor="middle">'
        f"{escape(of_chips)}</text></svg>"
    )
    return Markup("".join(parts))
