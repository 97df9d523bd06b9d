"""URL configuration."""

from django.contrib import admin
from django.urls import include, path

from scorekeeper import views

urlpatterns = [
    path("", views.home, name="home"),
    path("opening/", views.opening_lookup, name="opening"),
    path("variants/", views.variant_list, name="variants"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
]
