"""Root URLs: each app's own URLs, the admin, accounts and the language switch.

Under /api/ a 404 is JSON (``handler404``, core/error_pages.py).
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from core.error_pages import page_not_found, server_error
from core.rate_limits import password_resets

urlpatterns = [
    path("", include("scorekeeper.urls")),
    path("", include("tournaments.urls")),
    path("", include("clubs.urls")),
    path("admin/", admin.site.urls),
    # Ahead of Django's own route of that name: each request mails someone, so it is limited.
    path(
        "accounts/password_reset/",
        password_resets(auth_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
]

handler404 = page_not_found
handler500 = server_error
