; cellscga.asm -- cells.inc on machine=cga: blink turned off through port 3D8h
;@plan: burst:8:90 | sleep:300 shot
        org     100h
%define CGAPORT
%include "dosref.inc"
%include "cells.inc"
