// Calls every function of `collision/capi/csharp/Collision.cs` from C# and checks the
// answers against closed forms: the declarations' layouts, names and calling convention
// are those of the library. Arguments: `Name=size` for each struct, the library's own
// `size_of` (from `tests/csharp.rs`). Prints "N passed, M failed"; exits 1 on a failure.

using System;
using System.Runtime.InteropServices;
using ConvexCollision;
using static Checks;

static class CollisionTest
{
    static void Ok(CollStatus status, string what)
    {
        Check(status == CollStatus.Ok, what + ": " + status + " (" + Native.LastErrorMessage() + ")");
    }

    static CollPose At(double x, double y, double z)
    {
        return new CollPose(new CollVec3(x, y, z), CollQuat.Identity);
    }

    static IntPtr Ball(double radius)
    {
        IntPtr shape;
        Ok(Native.coll_ball_create(radius, out shape), "ball");
        return shape;
    }

    static IntPtr Box(double hx, double hy, double hz)
    {
        var half = new CollVec3(hx, hy, hz);
        IntPtr shape;
        Ok(Native.coll_cuboid_create(ref half, out shape), "cuboid");
        return shape;
    }

    static readonly Type[] Structs =
    {
        typeof(CollPose), typeof(CollDistance), typeof(CollContact), typeof(CollHullSizes), typeof(CollMassProperties),
        typeof(CollMotion), typeof(CollImpact), typeof(CollRayHit), typeof(CollClosestPoints), typeof(CollVersion),
    };

    static void Layouts(string[] args)
    {
        Check(args.Length == Structs.Length, "one size per struct: " + args.Length);
        foreach (string arg in args)
        {
            string[] parts = arg.Split('=');
            Type type = Array.Find(Structs, t => t.Name == parts[0]);
            Check(type != null, "a struct for " + parts[0]);
            if (type != null)
            {
                int size = Marshal.SizeOf(type);
                Check(size == int.Parse(parts[1]), parts[0] + " is " + parts[1] + " bytes, " + type.Name + " " + size);
            }
        }
    }

    // The support function of a ball of radius 0.5 centred at the origin.
    static readonly CollSupportFn HalfBall = (user, dir, output) =>
    {
        var d = new double[3];
        Marshal.Copy(dir, d, 0, 3);
        double n = Math.Sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (int k = 0; k < 3; k++)
        {
            d[k] = n > 0 ? 0.5 * d[k] / n : 0;
        }
        Marshal.Copy(d, 0, output, 3);
    };

    static int Main(string[] args)
    {
        Layouts(args);

        CollVersion version;
        Ok(Native.coll_version(out version), "version");
        Check(version.Abi == Native.AbiVersion, "ABI " + version.Abi);

        // Ball–ball: centres 3 apart along (2, 2, 1) / 3, radii 1 and 0.5: distance 1.5.
        IntPtr one = Ball(1.0), half = Ball(0.5);
        CollPose origin = At(0, 0, 0), far = At(2, 2, 1);
        CollDistance distance;
        Ok(Native.coll_distance(one, ref origin, half, ref far, out distance), "distance");
        Near(distance.Value, 1.5, 1e-12, "ball-ball distance");
        Near(distance.LowerBound, 1.5, 1e-9, "ball-ball lower bound");

        CollClosestPoints points;
        IntPtr cache;
        Ok(Native.coll_cache_create(out cache), "cache");
        Ok(Native.coll_closest_points(one, ref origin, half, ref far, cache, out points), "closest points");
        Check(points.Separated, "separated");
        Near(points.PointA.X, 2.0 / 3.0, 1e-12, "closest point on A, x");
        Near(points.Normal.Z, 1.0 / 3.0, 1e-12, "normal z");
        Ok(Native.coll_cache_clear(cache), "cache clear");
        Ok(Native.coll_cache_destroy(cache), "cache destroy");

        // Two 2×2×2 boxes overlapping by 0.25 along x; a quarter turn about z leaves the
        // second box as it is.
        IntPtr box = Box(1, 1, 1);
        double s = Math.Sqrt(0.5);
        CollPose turned = new CollPose(new CollVec3(1.75, 0, 0), new CollQuat(0, 0, s, s));
        CollContact contact;
        Ok(Native.coll_contact(box, ref origin, box, ref turned, 0.0, IntPtr.Zero, out contact), "contact");
        Check(contact.InRange, "in range");
        Near(contact.Depth, 0.25, 1e-12, "box-box depth");
        Near(contact.Normal.X, 1.0, 1e-12, "box-box normal");
        Check(contact.Method == CollContactMethod.Penetration, "method " + contact.Method);
        Check(contact.Exactness == CollContactExactness.Converged, "exactness " + contact.Exactness);
        byte touching;
        Ok(Native.coll_intersects(box, ref origin, box, ref turned, out touching), "intersects");
        Check(touching == 1, "boxes intersect");

        // A hull of the cube's corners: 8 vertices, 12 triangles, 6 square faces.
        var corners = new double[24];
        for (int k = 0; k < 8; k++)
        {
            corners[3 * k] = (k & 1) != 0 ? 1 : -1;
            corners[3 * k + 1] = (k & 2) != 0 ? 1 : -1;
            corners[3 * k + 2] = (k & 4) != 0 ? 1 : -1;
        }
        IntPtr hull;
        Ok(Native.coll_hull_create(corners, (UIntPtr)8, out hull), "hull");
        CollHullSizes sizes;
        Ok(Native.coll_hull_sizes(hull, out sizes), "hull sizes");
        Check(sizes.Kind == CollHullKind.Solid && (ulong)sizes.VertexCount == 8 && (ulong)sizes.TriangleCount == 12
              && (ulong)sizes.FaceCount == 6 && (ulong)sizes.FaceIndexCount == 24, "cube hull sizes");
        var vertices = new double[24];
        Ok(Native.coll_hull_vertices(hull, vertices, (UIntPtr)8), "hull vertices");
        Check(Array.TrueForAll(vertices, v => Math.Abs(v) == 1), "vertices are corners");
        var triangles = new uint[36];
        Ok(Native.coll_hull_triangles(hull, triangles, (UIntPtr)12), "hull triangles");
        Check(Array.TrueForAll(triangles, i => i < 8), "triangle indices");
        var offsets = new uint[7];
        var indices = new uint[24];
        Ok(Native.coll_hull_faces(hull, offsets, (UIntPtr)7, indices, (UIntPtr)24), "hull faces");
        Check(offsets[0] == 0 && offsets[6] == 24, "face offsets");
        var planes = new double[24];
        Ok(Native.coll_hull_planes(hull, planes, (UIntPtr)6), "hull planes");
        for (int f = 0; f < 6; f++)
        {
            Near(planes[4 * f + 3], 1.0, 1e-12, "plane offset " + f);
        }
        Check(Native.coll_hull_vertices(hull, vertices, (UIntPtr)3) == CollStatus.WrongCount, "short array refused");

        // Mass properties: the cube of side 2 at density 0.5 (mass 4, I = m (2² + 2²) / 12);
        // the unit ball at density 3 (mass 4π, I = 2/5 m).
        CollMassProperties mass;
        Ok(Native.coll_mass_properties(hull, 0.5, out mass), "hull mass");
        Near(mass.Mass, 4.0, 1e-12, "cube mass");
        Near(mass.Inertia.M22, 4.0 * 8.0 / 12.0, 1e-12, "cube inertia");
        Near(mass.Inertia.M12, 0.0, 1e-12, "cube product of inertia");
        Ok(Native.coll_mass_properties(one, 3.0, out mass), "ball mass");
        Near(mass.Mass, 4 * Math.PI, 1e-12, "ball mass");
        Near(mass.PrincipalMoments.Y, 0.4 * 4 * Math.PI, 1e-12, "ball moment");
        Near(mass.PrincipalAxes.W * mass.PrincipalAxes.W + mass.PrincipalAxes.X * mass.PrincipalAxes.X
             + mass.PrincipalAxes.Y * mass.PrincipalAxes.Y + mass.PrincipalAxes.Z * mass.PrincipalAxes.Z, 1.0, 1e-12,
             "principal axes unit");

        // A ray from x = -5 along +x meets the unit ball at toi 4, normal -x.
        CollVec3 start = new CollVec3(-5, 0, 0), dir = new CollVec3(1, 0, 0);
        CollRayHit ray;
        Ok(Native.coll_ray_cast(one, ref origin, ref start, ref dir, 100.0, out ray), "ray");
        Check(ray.Hit, "ray hits");
        Near(ray.Toi, 4.0, 1e-12, "ray toi");
        Near(ray.Normal.X, -1.0, 1e-12, "ray normal");
        Near(ray.Point.X, -1.0, 1e-12, "ray point");

        // Balls of radius 1 and 0.5, 4 apart, closing at speed 2: they touch at t = 1.25.
        var still = new CollMotion { Pose = origin };
        var moving = new CollMotion { Pose = At(4, 0, 0), LinearVelocity = new CollVec3(-2, 0, 0) };
        CollImpact impact;
        Ok(Native.coll_time_of_impact(one, ref still, half, ref moving, 10.0, out impact), "time of impact");
        Check(impact.Hit, "impact");
        Near(impact.Time, 1.25, 1e-9, "impact time");
        Near(impact.Normal.X, 1.0, 1e-9, "impact normal");

        // A user shape with a ball's support function answers as the ball.
        IntPtr user;
        Ok(Native.coll_user_shape_create(HalfBall, IntPtr.Zero, IntPtr.Zero, out user), "user shape");
        CollDistance userDistance;
        Ok(Native.coll_distance(one, ref origin, user, ref far, out userDistance), "user distance");
        Near(userDistance.Value, 1.5, 1e-9, "user shape distance");

        // Every other constructor, then the batches against the single calls: pair (0, 9)
        // names no shape.
        IntPtr capsule, cylinder, cone, segment, triangle, point, rounded;
        CollVec3 a = new CollVec3(0, 0, 0), b = new CollVec3(1, 0, 0), c = new CollVec3(0, 1, 0);
        Ok(Native.coll_capsule_create(0.5, 0.25, out capsule), "capsule");
        Ok(Native.coll_cylinder_create(0.5, 0.25, out cylinder), "cylinder");
        Ok(Native.coll_cone_create(0.5, 0.25, out cone), "cone");
        Ok(Native.coll_segment_create(ref a, ref b, out segment), "segment");
        Ok(Native.coll_triangle_create(ref a, ref b, ref c, out triangle), "triangle");
        Ok(Native.coll_point_create(ref c, out point), "point");
        Ok(Native.coll_rounded_create(box, 0.1, out rounded), "rounded");
        IntPtr[] shapes = { one, half, box, hull, capsule, cylinder, cone, segment, triangle, point, rounded };
        var poses = new CollPose[shapes.Length];
        for (int k = 0; k < shapes.Length; k++)
        {
            poses[k] = At(0.7 * k, 0.1 * k, 0);
        }
        uint[] pairs = { 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 0, 0, 99 };
        int n = pairs.Length / 2;
        var distances = new CollDistance[n];
        var contacts = new CollContact[n];
        var hits = new byte[n];
        var statuses = new CollStatus[n];
        var count = (UIntPtr)shapes.Length;
        Ok(Native.coll_batch_distance(shapes, count, poses, count, pairs, (UIntPtr)n, distances, statuses, (UIntPtr)n), "batch distance");
        for (int k = 0; k + 1 < n; k++)
        {
            CollDistance single;
            Ok(Native.coll_distance(shapes[pairs[2 * k]], ref poses[pairs[2 * k]], shapes[pairs[2 * k + 1]], ref poses[pairs[2 * k + 1]], out single), "single distance");
            Check(statuses[k] == CollStatus.Ok && distances[k].Value == single.Value, "batch distance row " + k);
        }
        Check(statuses[n - 1] == CollStatus.InvalidArgument, "index out of range: " + statuses[n - 1]);
        Ok(Native.coll_batch_contact(shapes, count, poses, count, pairs, (UIntPtr)n, 0.05, contacts, statuses, (UIntPtr)n), "batch contact");
        Ok(Native.coll_batch_intersects(shapes, count, poses, count, pairs, (UIntPtr)n, hits, statuses, (UIntPtr)n), "batch intersects");
        int overlapping = 0;
        for (int k = 0; k + 1 < n; k++)
        {
            CollContact single;
            Ok(Native.coll_contact(shapes[pairs[2 * k]], ref poses[pairs[2 * k]], shapes[pairs[2 * k + 1]], ref poses[pairs[2 * k + 1]], 0.05, IntPtr.Zero, out single), "single contact");
            Check(contacts[k].InRange == single.InRange && contacts[k].Separation == single.Separation
                  && contacts[k].Normal.X == single.Normal.X, "batch contact row " + k);
            Check((hits[k] == 1) == (distances[k].Value == 0), "batch intersects row " + k);
            overlapping += hits[k];
        }
        Check(overlapping > 0 && overlapping < n - 1, overlapping + " of the pairs overlap");

        // Bad input: a status and a message, never a crash.
        IntPtr none;
        Check(Native.coll_ball_create(double.NaN, out none) == CollStatus.NonFinite, "NaN radius");
        Check(Native.LastErrorMessage().Length > 0, "a message");
        Check(Native.coll_ball_create(-1, out none) == CollStatus.InvalidArgument, "negative radius");
        CollPose zero = new CollPose(new CollVec3(0, 0, 0), new CollQuat(0, 0, 0, 0));
        Check(Native.coll_distance(one, ref zero, half, ref far, out distance) == CollStatus.InvalidQuaternion, "zero quaternion");
        Check(Native.coll_distance(IntPtr.Zero, ref origin, half, ref far, out distance) == CollStatus.NullPointer, "null shape");

        foreach (IntPtr shape in new[] { half, hull, capsule, cylinder, cone, segment, triangle, point, rounded, user, box, one })
        {
            Ok(Native.coll_shape_destroy(shape), "destroy");
        }
        Check(Native.coll_distance(one, ref origin, half, ref far, out distance) == CollStatus.InvalidHandle, "destroyed handle");
        GC.KeepAlive(HalfBall);

        return Report();
    }
}
