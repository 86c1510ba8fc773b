"""Talents used as City activities (§9.3): the Hero must hold the Talent; a Talent the
content describes costs and pays what its data says (Pickpocket's roll, Refined Bonesmoke's
gem, Haggle once per City step); one it does not describe is recorded as given, and said so."""

from collections.abc import Mapping, Sequence

from ledger.dice import check_faces, check_seed, new_seed, roll
from ledger.errors import BadInput, RuleViolation
from ledger.hosting import Registry
from ledger.model import CampaignState, Event, Hero, TalentSpec
from ledger.rules import talents
from ledger_base_game.actions._rolls import dice_in_force, read_faces
from ledger_base_game.events.city import TalentUsed


def acts(spec: TalentSpec) -> bool:
    """Whether the content says what using the Talent costs or gives."""
    return (
        bool(spec.points or spec.stamina or spec.roll or spec.gems or spec.discount)
        or spec.once_per_city_step
    )


def refuse_passive(spec: TalentSpec) -> None:
    if spec.passive:
        works = f" ({', '.join(spec.phrases)}, which checks count)" if spec.phrases else ""
        raise RuleViolation(
            f"{spec.name} works on its own{works}; it is not a City activity (§9.3)"
        )


def use_talent(
    registry: Registry,
    state: CampaignState,
    hero: Hero,
    spec: TalentSpec,
    given: Mapping[str, object],
    faces: Sequence[str] | None,
    seed: int | None,
) -> list[Event]:
    """The Talent ``spec`` used by ``hero`` as its data says; what the data already gives may
    not be given (``given``: the options the player named)."""
    talents.require_talent(hero, spec.name)
    named = [name for name, value in given.items() if value is not None]
    if named:
        raise BadInput(
            f"{spec.name}'s costs and payout are known; {{{named[0]}}} cannot be given",
            fields=named,
        )
    shown: tuple[str, ...] = ()
    die: tuple[str, ...] = ()
    used_seed = None
    if spec.roll:
        die = dice_in_force(registry, state, None).action
        if faces is not None:
            if seed is not None:
                raise BadInput("{seed} is for dice the ledger rolls", fields=["seed"])
            why = f" ({spec.name} rolls {spec.roll} red dice)"
            shown = check_faces(read_faces(faces), die, spec.roll, "action", why)
        else:
            used_seed = check_seed(seed) if seed is not None else new_seed()
            shown = roll(die, spec.roll, "action", used_seed)
    elif faces is not None or seed is not None:
        raise BadInput(f"{spec.name} rolls no dice", fields=["roll"])
    return [
        TalentUsed(
            hero=hero.name,
            talent=spec.name,
            points=spec.points,
            stamina=spec.stamina,
            once_per_city_step=spec.once_per_city_step,
            dice=spec.roll,
            die=die,
            faces=shown,
            seed=used_seed,
            pays=spec.pays,
            gain_stars=talents.payout(spec.pays, shown) if spec.pays else 0,
            gems=spec.gems,
        )
    ]


def talent_note(registry: Registry, activity: str) -> str | None:
    """What the player must know after a Talent activity: a discount the ledger does not
    apply, or that an unknown Talent was recorded as given."""
    spec = registry.talents.find(activity)
    if spec is None:
        return None
    if spec.discount:
        return f"not applied by the ledger: {spec.discount} (give the price paid to `item buy`)"
    if not acts(spec) and not spec.passive:
        return (
            f"the ledger does not know what {spec.name} costs or gives: recorded as given "
            "(--points, --stars, --gain-stars, ...)"
        )
    return None
