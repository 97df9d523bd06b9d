"""Root URLs: each app's own URLs, the admin, accounts and the language switch.

Under /api/ a 404 is JSON (``handler404``, core/error_pages.py).
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from core.error_pages import page_not_found, server_error
from core.rate_limits import password_resets

urlpatterns = [
    path("", include("scorekeeper.urls")),
    path("", include("tournaments.urls")),
    path("", include("clubs.urls")),
    path("", include("federations.urls")),
    path("admin/", admin.site.urls),
    # Ahead of Django's own route of that name: each request mails someone, so it is limited.
    path(
        "accounts/password_reset/",
        password_resets(auth_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    # The language form is in every page's frame, which is the same for every visitor who is not
    # logged in, so that a big evening's public pages are answered whole without Django
    # (core/early_answers.py): it carries no CSRF token. What a forged post could do is set the
    # visitor's language cookie, which the visitor sets back with the same form.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
]

handler404 = page_not_found
handler500 = server_error
