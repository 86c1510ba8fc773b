import json

from tests.conftest import Invoke


def test_example_zuva_sai_city_step(party: Invoke) -> None:
    party("step", "city")
    party("item", "gain", "Zuva'Sai", "Star Lotus token")
    party("stamina", "lose", "Zuva'Sai", "1")
    party("damage", "Zuva'Sai", "2")
    party("condition", "add", "Zuva'Sai", "Cursed")
    party("item", "use", "Zuva'Sai", "Star Lotus token")
    shown = json.loads(party("hero", "show", "zuva'sai", "--json").output)
    assert shown["stamina"]["spent"] == 1
    assert shown["stamina"]["wound"] == 0
    assert shown["conditions"] == ["Cursed"]
