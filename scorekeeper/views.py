"""Views: bind the request, call one service or selector, render."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorekeeper.forms import OpeningLookupForm
from scorekeeper.rules import PRESETS, RuleViolation
from scorekeeper.rules.opening import opening_minimum_for, opening_table
from scorekeeper.rules.variants import CANASTA


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "scorekeeper/home.html", {"form": OpeningLookupForm()})


def opening_lookup(request: HttpRequest) -> HttpResponse:
    form = OpeningLookupForm(request.GET or None)
    minimum = None
    if form.is_valid():
        try:
            minimum = opening_minimum_for(
                form.cleaned_data["variant"],
                form.cleaned_data["score"],
                form.cleaned_data["players"],
            )
        except RuleViolation as violation:
            form.add_error("players", str(violation))
    variant = (
        PRESETS[form.cleaned_data["variant"]]
        if form.is_bound and "variant" in form.cleaned_data
        else None
    )
    return render(
        request,
        "scorekeeper/opening.html",
        {
            "form": form,
            "minimum": minimum,
            "needs_canasta": minimum == CANASTA,
            "tables": [(v, opening_table(v)) for v in PRESETS.values()],
            "variant": variant,
        },
    )


def variant_list(request: HttpRequest) -> HttpResponse:
    return render(request, "scorekeeper/variants.html", {"variants": list(PRESETS.values())})
